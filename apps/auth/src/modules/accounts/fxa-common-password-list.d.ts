// The package ships no types: it exports one function that says whether a password is in the list.
declare module 'fxa-common-password-list' {
  const list: { test(password: string): boolean };
  export default list;
}
