export { CartridgeTypesScreen } from './cartridge-types-screen';
export { CartridgeTypeScreen } from './cartridge-type-screen';
