import { gameEndpoints, type TFavouriteRequest } from '@bp/contract';
import { callEndpoint } from '../../../shared/api';

/** MCSFE_addFavoriteGameV2 (POST) / MCSFE_removeFavoriteGameV2 (DELETE); both answer the full id list. */
export const saveFavourite = (body: TFavouriteRequest, add: boolean) =>
  callEndpoint(add ? gameEndpoints.addFavourite : gameEndpoints.removeFavourite, { body });
