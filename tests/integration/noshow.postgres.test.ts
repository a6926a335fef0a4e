import { describeNoShowFee } from './noshow.shared';

describeNoShowFee('postgres');
