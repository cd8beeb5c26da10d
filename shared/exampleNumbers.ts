// The phone number the app shows as an example (placeholders, "such as …" in messages). It is
// from the 555-0100…0199 block the North American plan keeps for fiction, in a real area code
// (201), so it is a valid number for every check the app and the service make: a user who
// types the example is never refused. (+1 555 010 0200, in the unassigned area code 555, is
// only "possible": libphonenumber-js calls it invalid, so it passed as a sender and failed as
// a recipient.)
export const EXAMPLE_PHONE_NUMBER = '+12015550100';
