// Moved to src/api/currentUser.ts (one whoami query for every feature).
export { currentUserQuery, useCurrentUser, type CurrentUserState } from '../../../api/currentUser';
