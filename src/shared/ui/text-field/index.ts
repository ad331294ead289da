export { TextField, FieldFrame, describedBy } from './text-field';
