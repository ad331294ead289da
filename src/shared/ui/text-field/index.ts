export { TextField, FieldFrame, describedBy, type TextFieldProps, type FieldFrameProps } from './text-field';
