/**
 * The colon after a label, as each language sets it (issue 45): French puts a no-break space
 * before it ("Personnes : 2"), the others none ("People: 2"). Every "label: value" the guest
 * reads, on a page or in an e-mail, takes it from here.
 */
export const colon = (locale: string) => (locale === 'fr' ? '\u00a0: ' : ': ');
