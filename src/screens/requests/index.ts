export { RequestsScreen } from './requests-screen';
export { NewRequestScreen } from './new-request-screen';
