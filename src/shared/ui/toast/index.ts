export { notify } from './notify';
export { ToastHost } from './toast-host';
