import { describeContractRecorded } from './contract-recorded.shared';

// The contract's recorded answers (issue 42), on PostgreSQL: the same files as on PGlite, byte for byte.
describeContractRecorded('postgres');
