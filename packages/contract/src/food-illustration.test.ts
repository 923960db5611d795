import { describe, expect, it } from 'vitest';
import { FoodIllustration, foodIllustrationFor } from './food-illustration';

describe('the drawing a card without a photo shows', () => {
  it('is cooked food for anything pre-cooked that is not a rice dish, breads or sweets, whatever else its name says', () => {
    expect(foodIllustrationFor({ foodType: 'PRECOOKED', foodName: 'Dal tadka' })).toBe(FoodIllustration.COOKED);
    expect(foodIllustrationFor({ foodType: 'PRECOOKED', foodName: 'Fruit salad' })).toBe(FoodIllustration.COOKED);
    expect(foodIllustrationFor({ foodType: 'PRECOOKED', foodName: 'Biscuit packets' })).toBe(FoodIllustration.COOKED);
  });

  it.each([
    ['Veg biryani', FoodIllustration.RICE],
    ['Jeera rice and dal', FoodIllustration.RICE],
    ['चावल', FoodIllustration.RICE],
    ['Rotis and sabzi', FoodIllustration.BREADS],
    ['Aloo paratha', FoodIllustration.BREADS],
    ['पूरी सब्ज़ी', FoodIllustration.BREADS],
    ['Besan laddoos', FoodIllustration.SWEETS],
    ['Rice kheer', FoodIllustration.SWEETS],
    ['गाजर का हलवा', FoodIllustration.SWEETS],
  ])('tells cooked food apart by its name: %s', (foodName, expected) => {
    expect(foodIllustrationFor({ foodType: 'PRECOOKED', foodName })).toBe(expected);
  });

  it.each([
    ['Bananas', FoodIllustration.FRUIT_VEG],
    ['Fresh vegetables from the market', FoodIllustration.FRUIT_VEG],
    ['Aloo and pyaz, 5 kg', FoodIllustration.FRUIT_VEG],
    ['टमाटर', FoodIllustration.FRUIT_VEG],
    ['ताज़ी सब्ज़ियाँ', FoodIllustration.FRUIT_VEG],
    ['Sealed biscuit packets', FoodIllustration.PACKAGED],
    ['Banana chips packet', FoodIllustration.PACKAGED],
    ['Juice bottles', FoodIllustration.PACKAGED],
    ['बिस्कुट के पैकेट', FoodIllustration.PACKAGED],
    ['Basmati rice', FoodIllustration.RAW],
    ['Toor dal, 10 kg', FoodIllustration.RAW],
    ['आटा', FoodIllustration.RAW],
    // Whole words only: "grapeseed" holds "grape" but is an oil.
    ['Grapeseed oil', FoodIllustration.RAW],
    ['Pineapples', FoodIllustration.FRUIT_VEG],
  ])('is read from a raw donation’s name: %s', (foodName, expected) => {
    expect(foodIllustrationFor({ foodType: 'RAW', foodName })).toBe(expected);
  });
});
