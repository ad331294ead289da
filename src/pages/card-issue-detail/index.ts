export { CardIssueDetailPage } from './ui/card-issue-detail-page';
