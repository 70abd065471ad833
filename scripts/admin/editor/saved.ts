/** The event the page hears once the CMS has written an entry (its postSave): what was said of the entry before it goes. */
export const SAVED = 'eccron-saved';
