import { useUnit } from 'effector-react';
import type { OperatorRole } from '@/shared/contract/core';
import { hasRole } from '../lib/roles';
import { $operator } from './session';

/** In a view: whether the signed-in operator may do what needs one of `roles`. */
export const useCan = (...roles: OperatorRole[]): boolean => hasRole(useUnit($operator), ...roles);
