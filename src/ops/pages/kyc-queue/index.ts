export { KycQueuePage } from './ui/kyc-queue-page';
