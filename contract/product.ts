// The product's name where the spec writes a placeholder: "{product}Land" in the account
// decision's question and the legacy games' titles on the player profile.
// "Trip" is our guess for {product}; change it here and every text follows.
export const PRODUCT_NAME = 'Trip';

/** "{product}Land": 'Do you already have a TripLand account?', 'TripLand 2'. */
export const PRODUCT_LAND = `${PRODUCT_NAME}Land`;
