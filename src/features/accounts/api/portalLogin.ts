// POST /api/crazygames/login: signs in (or up) with the portal's user token. Used by the host
// login (useHostLogin), which signs the player in with the answer.
import { crazygamesLogin } from '../../../../contract/accounts';
import { call } from '../../../api/client';

export const portalLogin = (token: string) => call(crazygamesLogin, { body: { token } });
