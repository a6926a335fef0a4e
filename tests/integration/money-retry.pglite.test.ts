import { describeMoneyRetry } from './money-retry.shared';

describeMoneyRetry('pglite');
