// The companies area is one chunk: the list and the add form are used together.
export { CompanyListScreen } from './company-list-screen';
export { CompanyAddScreen } from './company-add-screen';
