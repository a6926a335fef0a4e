import { describeStaffUndo } from './staff-undo.shared';

describeStaffUndo('postgres');
