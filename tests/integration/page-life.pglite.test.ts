import { describePageLife } from './page-life.shared';

describePageLife('pglite');
