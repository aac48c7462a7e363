// The projects area is one chunk: the list, the project shell and all its sections.
export { ProjectListScreen } from './project-list-screen';
export { ProjectScreen } from './project-screen';
export { TestProfileScreen } from './tests/profile/test-profile-screen';
