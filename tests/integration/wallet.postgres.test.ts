import { describeWallet } from './wallet.shared';

describeWallet('postgres');
