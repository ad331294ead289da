import { sample } from 'effector';
import { createApiQuery, errorMessageOf } from '@/shared/api';
import { opsOperatorsList } from '@/shared/contract/ops';
import { createPageLifecycle } from '@/shared/lib';
import { addOperator, changeOperator } from '@/ops/features/operator-manage';

export const operatorsPage = createPageLifecycle('opsOperatorsPage');
const operatorsQuery = createApiQuery(opsOperatorsList, { cached: false });
export const $operators = operatorsQuery.$data.map((data) => data?.items ?? []);
export const $operatorsError = errorMessageOf(operatorsQuery, 'ops-admin:operators.loadFailed');

sample({ clock: [operatorsPage.opened, addOperator.done, changeOperator.done], fn: () => undefined, target: operatorsQuery.start });
