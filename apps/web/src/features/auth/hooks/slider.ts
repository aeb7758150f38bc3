import { openModal } from '../../../shared/ui/modal-store';

/** Opens the slider check; resolves the sliderToken, or null when the user gave up. */
export const requestSliderToken = () =>
  new Promise<string | null>((resolve) => openModal('slider', { resolve }));
