import { z } from 'zod';
import { type ErrorCode, errorCodeList } from './error-codes';

export * from './error-codes';

export const errorCodeSchema = z.enum(errorCodeList as [ErrorCode, ...ErrorCode[]]);
