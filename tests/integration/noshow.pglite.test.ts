import { describeNoShowFee } from './noshow.shared';

describeNoShowFee('pglite');
