export { CassettesScreen } from './cassettes-screen';
export { ModuleTypesScreen } from './module-types-screen';
