// The users area is one chunk: its four screens share the form and the lookups.
export { UserListScreen } from './user-list-screen';
export { UserNewScreen } from './user-new-screen';
export { UserShowScreen } from './user-show-screen';
export { UserEditScreen } from './user-edit-screen';
