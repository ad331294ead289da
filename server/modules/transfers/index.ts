/**
 * Money between people (issue #36, docs/transfers.md "Transfers between users"): payment profiles (pay code, found by
 * @username or not), finding a recipient, limits, the transfer itself and payment requests. This file is the module's
 * plugin: one `bind(endpoint, useCase)` line per endpoint.
 */
import type { FastifyInstance } from 'fastify';
import {
  paymentRequestsCancel,
  paymentRequestsCreate,
  paymentRequestsGet,
  paymentRequestsList,
  paymentRequestsShare,
  transfersContactPicker,
  transfersFindRecipient,
  transfersLimits,
  transfersProfile,
  transfersSend,
  transfersUpdateProfile,
} from '@/shared/contract';
import { routesWith } from '../../http/route';
import { appJobRegistry } from '../../jobs';
import { BOT_CONTACT_SHARED_JOB, type ContactSharedPayload } from '../notifications';
import { answerSharedContact, openContactPicker } from './contact';
import { defineModule, type ModuleDeps } from '../module';
import { getTransferLimits } from './limits';
import { findRecipient, getPaymentProfile, updatePaymentProfile } from './profile';
import { cancelPaymentRequest, createPaymentRequest, getPaymentRequest, listPaymentRequests, sharePaymentRequest } from './requests';
import { sendTransfer } from './send';


const registerTransfers = (app: FastifyInstance, { db, clock, config, adapters }: ModuleDeps): void => {
  const bind = routesWith(app, {
    db,
    clock,
    settings: config.transfers,
    app: config.wallet.app,
    bot: adapters.bot,
    // Read per request: startServer settles the origin's port after the modules are registered (PORT=0).
    get publicOrigin() {
      return config.publicOrigin;
    },
  });
  bind(transfersProfile, getPaymentProfile);
  bind(transfersUpdateProfile, updatePaymentProfile);
  bind(transfersFindRecipient, findRecipient);
  bind(transfersLimits, getTransferLimits);
  // The key is claimed and its answer stored inside the transfer's own ledger transaction.
  bind(transfersSend, sendTransfer, { idempotency: 'in-transaction' });
  bind(transfersContactPicker, openContactPicker);
  bind(paymentRequestsCreate, createPaymentRequest);
  bind(paymentRequestsList, listPaymentRequests);
  bind(paymentRequestsGet, getPaymentRequest);
  bind(paymentRequestsShare, sharePaymentRequest);
  bind(paymentRequestsCancel, cancelPaymentRequest);
  appJobRegistry(app).register<ContactSharedPayload>(BOT_CONTACT_SHARED_JOB, (payload) =>
    answerSharedContact({ db, bot: adapters.bot, app: config.wallet.app, now: () => clock.now() }, payload),
  );
};

export const transfersModule = defineModule({ name: 'transfers', register: registerTransfers });
