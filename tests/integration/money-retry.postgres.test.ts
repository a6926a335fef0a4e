import { describeMoneyRetry } from './money-retry.shared';

describeMoneyRetry('postgres');
