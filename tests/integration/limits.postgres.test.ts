import { describeLimits } from './limits.shared';

describeLimits('postgres');
