// The test functions area is one chunk: its three screens share the form and the type lookup.
export { TestFunctionsScreen } from './test-functions-screen';
export { TestFunctionNewScreen, TestFunctionEditScreen } from './test-function-screens';
