import { useUnit } from 'effector-react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { $picture } from '@/ops/entities/customer';
import { opsPaths } from '@/ops/shared/config';
import { ConsolePage } from '@/ops/shared/ui';
import { UserPicture } from '@/ops/widgets/user-picture';
import { userPage } from '../model/user';

export function UserPage() {
  const { t } = useTranslation('ops-users');
  const { userId = '' } = useParams();
  usePageLifecycle(userPage, { userId });
  const picture = useUnit($picture);
  const title = picture ? `${picture.profile.firstName} ${picture.profile.lastName}` : t('profile.title');
  return (
    <ConsolePage title={title} lead={<Link to={opsPaths.users}>{t('back')}</Link>}>
      <UserPicture />
    </ConsolePage>
  );
}
