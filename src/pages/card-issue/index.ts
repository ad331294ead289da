export { CardIssuePage } from './ui/card-issue-page';
