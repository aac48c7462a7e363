export { showSuccess } from './toasts';
export { Toaster } from './toaster';
