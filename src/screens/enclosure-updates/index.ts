export { EnclosureUpdatesScreen } from './enclosure-updates-screen';
