import { describeContractRecorded } from './contract-recorded.shared';

// The contract's recorded answers (issue 42), on PGlite. `RECORD=1 npm run test:unit -- contract-recorded` records them again.
describeContractRecorded('pglite');
