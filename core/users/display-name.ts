// How a person is named wherever the app names one: presence, invitations, members, assignees.
/**
 * How a person is named in a list: first and last name, else the username, else the email.
 *
 * @example userDisplayName({ firstName: "Ada", lastName: "Lovelace", username: "ada" }) // "Ada Lovelace"
 * @example userDisplayName({ firstName: null, lastName: null, username: "ada" }) // "ada"
 */
export function userDisplayName(user: {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
}): string {
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return full || user.username?.trim() || user.email?.trim() || "Unknown user";
}
