import { useUnit } from 'effector-react';
import { Suspense, useEffect } from 'react';
import { MoneyFields, walletEntityTexts } from '@/entities/wallet';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Badge, Button, PrimaryAction, QrCode, SegmentedControl, Sheet, SummaryList, Switch } from '@/shared/ui';
import {
  $amountInvalid,
  $amountText,
  $creating,
  $currency,
  $failure,
  $myLink,
  $note,
  $profile,
  $profileSaving,
  $requestMoneyOpen,
  $requests,
  $tab,
  amountChanged,
  cancelPressed,
  createPressed,
  currencyChanged,
  discoverableChanged,
  linkCopyPressed,
  noteChanged,
  requestMoneyClosed,
  sharePressed,
  tabChanged,
  requestSheetMounted,
} from '../model/request-money';
import { requestMoneyTexts } from '../i18n/texts';
import styles from './request-money-sheet.module.css';

const STATUS_TONE = { open: 'info', paid: 'success', cancelled: 'neutral', expired: 'neutral' } as const;

/** Request money into a chat, see who paid, and the user's own payment link and QR. */
export default function RequestMoneySheet() {
  const { t } = useTranslation([requestMoneyTexts.ns, walletEntityTexts.ns]);
  const format = useFormatters();
  const mounted = useUnit(requestSheetMounted);
  // The first open may have come before this chunk: the model handles it now.
  useEffect(() => {
    mounted();
  }, [mounted]);
  const [open, tab, currency, amountText, amountInvalid, note, failure, creating, requests, profile, link, saving] = useUnit([
    $requestMoneyOpen,
    $tab,
    $currency,
    $amountText,
    $amountInvalid,
    $note,
    $failure,
    $creating,
    $requests,
    $profile,
    $myLink,
    $profileSaving,
  ]);
  const [close, changeTab, changeCurrency, changeAmount, changeNote, create, share, cancel, setDiscoverable, copyLink] = useUnit([
    requestMoneyClosed,
    tabChanged,
    currencyChanged,
    amountChanged,
    noteChanged,
    createPressed,
    sharePressed,
    cancelPressed,
    discoverableChanged,
    linkCopyPressed,
  ]);
  const footer =
    tab === 'request' ? (
      <PrimaryAction onClick={() => create()} loading={creating}>
        {t('create')}
      </PrimaryAction>
    ) : link ? (
      <PrimaryAction onClick={() => copyLink(link)}>{t('link.copy')}</PrimaryAction>
    ) : null;

  return (
    <Sheet open={open} onClose={() => close()} title={t('title')} footer={footer}>
      <div className={styles.stack}>
        <SegmentedControl
          label={t('tabs')}
          options={[
            { value: 'request', label: t('tabRequest') },
            { value: 'link', label: t('tabLink') },
          ]}
          value={tab}
          onChange={(value) => changeTab(value)}
        />
        {failure && <Alert tone="danger">{t(failure.keys, { defaultValue: failure.defaultValue })}</Alert>}
        {tab === 'request' && (
          <>
            <MoneyFields
              currency={currency}
              onCurrencyChange={changeCurrency}
              amount={{ label: t('amountLabel', { currency }), name: 'requestAmount', text: amountText, error: amountInvalid ? t('amountInvalid') : undefined }}
              onAmountChange={changeAmount}
              onSubmit={() => create()}
              note={{ name: 'requestNote', text: note }}
              onNoteChange={changeNote}
            />
            {requests.length > 0 && (
              <section aria-labelledby="my-requests">
                <h3 id="my-requests" className={styles.heading}>
                  {t('mine')}
                </h3>
                <ul className={styles.list}>
                  {requests.map((request) => (
                    <li key={request.id} className={styles.item} data-testid="payment-request" data-status={request.status}>
                      <div className={styles.itemMain}>
                        <span className={styles.amount}>{format.money(request.amount)}</span>
                        {request.note && <span className={styles.note}>{request.note}</span>}
                        {request.paidBy && <span className={styles.note}>{t('paidBy', { name: request.paidBy })}</span>}
                      </div>
                      <Badge tone={STATUS_TONE[request.status]}>{t(`status.${request.status}`)}</Badge>
                      {request.status === 'open' && (
                        <span className={styles.itemActions}>
                          <Button variant="plain" size="m" onClick={() => share(request.id)}>
                            {t('share')}
                          </Button>
                          <Button variant="plain" size="m" onClick={() => cancel(request.id)}>
                            {t('cancel')}
                          </Button>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
        {tab === 'link' && (
          <>
            <p className={styles.lead}>{t('link.lead')}</p>
            {link && (
              <div className={styles.qr}>
                <Suspense fallback={null}>
                  <QrCode value={link} label={t('link.qrLabel')} />
                </Suspense>
              </div>
            )}
            {link && <SummaryList rows={[{ id: 'link', label: t('link.label'), value: <span className={styles.link}>{link}</span> }]} />}
            {profile && (
              <Switch
                label={t('link.discoverable')}
                hint={profile.username ? t('link.discoverableHint', { username: profile.username }) : t('link.noUsername')}
                checked={profile.discoverable}
                busy={saving}
                onChange={(checked) => setDiscoverable(checked)}
              />
            )}
          </>
        )}
      </div>
    </Sheet>
  );
}
