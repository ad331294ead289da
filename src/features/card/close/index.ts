export { CloseCardButton, CloseCardSheet } from './ui/close-card';
