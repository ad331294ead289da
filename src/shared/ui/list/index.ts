export { List, ListItem } from './list';
