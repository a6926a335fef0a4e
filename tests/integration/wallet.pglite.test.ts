import { describeWallet } from './wallet.shared';

describeWallet('pglite');
