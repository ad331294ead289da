export { AddNote } from './ui/add-note';
export { noteAdded } from './model/user-note';
