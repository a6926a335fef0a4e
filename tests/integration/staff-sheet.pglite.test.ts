import { describeStaffSheet } from './staff-sheet.shared';

describeStaffSheet('pglite');
