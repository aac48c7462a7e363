export { EnclosureListScreen } from './enclosure-list-screen';
export { EnclosureNewScreen } from './enclosure-new-screen';
export { EnclosureEditScreen } from './enclosure-edit-screen';
