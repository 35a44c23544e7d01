// The product's name where the spec writes a placeholder: "{product}Land" in the legacy games'
// titles on the player profile. (The spec's account decision asked about a "{product}Land
// account"; a Discord player never met that name, so the shell asks in plain words.)
// "Trip" is our guess for {product}; change it here and every text follows.
export const PRODUCT_NAME = 'Trip';

/** "{product}Land": 'TripLand 2'. */
export const PRODUCT_LAND = `${PRODUCT_NAME}Land`;
