export { notify, preloadToasts, type NotifyOptions, type ToastId } from './notify';
export { ToastHost } from './toast-host';
