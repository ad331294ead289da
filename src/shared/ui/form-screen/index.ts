export { FormScreen, FormStack } from './form-screen';
