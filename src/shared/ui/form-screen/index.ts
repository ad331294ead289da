export { FormScreen, FormStack, type FormScreenProps, type FormStackProps } from './form-screen';
