// No zod here: donation cards on the first screen import this (first-screen-imports.test.ts).
// Type only: donations.ts is zod's, and a card must not pull it in for a type.
import type { FoodType } from './donations';

/** The drawings a card without a photo shows instead (decision 036). */
export const FoodIllustration = {
  COOKED: 'COOKED',
  RICE: 'RICE',
  BREADS: 'BREADS',
  SWEETS: 'SWEETS',
  RAW: 'RAW',
  PACKAGED: 'PACKAGED',
  FRUIT_VEG: 'FRUIT_VEG',
} as const;
export type FoodIllustration = (typeof FoodIllustration)[keyof typeof FoodIllustration];

// Words in a raw donation's name that say what it is, in English, Hinglish and Hindi. The food
// type only says cooked or raw; these tell fruit and vegetables and packaged food from grain,
// pulses and other raw staples. Packaging words win: "banana chips packet" is packaged.
const PACKAGED_WORDS = new Set([
  'packet', 'packets', 'packed', 'packaged', 'pack', 'packs', 'sealed', 'biscuit', 'biscuits', 'cookies', 'bottle', 'bottles',
  'bottled', 'tin', 'tins', 'tinned', 'canned', 'box', 'boxes', 'carton', 'cartons', 'juice', 'chips', 'noodles', 'maggi',
  'bread', 'pouch', 'pouches', 'jar', 'jars', 'tetra', 'namkeen', 'पैकेट', 'पैक', 'बिस्कुट', 'बोतल', 'डिब्बा', 'डिब्बे', 'नमकीन', 'ब्रेड',
]);
const FRUIT_VEG_WORDS = new Set([
  'fruit', 'fruits', 'vegetable', 'vegetables', 'veggies', 'sabzi', 'sabji', 'subzi', 'sabziyan', 'phal', 'apple', 'apples',
  'pineapple', 'pineapples', 'banana', 'bananas', 'mango', 'mangoes', 'orange', 'oranges', 'grapes', 'papaya', 'guava', 'guavas', 'watermelon', 'melon',
  'pomegranate', 'tomato', 'tomatoes', 'potato', 'potatoes', 'onion', 'onions', 'carrot', 'carrots', 'cabbage', 'cauliflower',
  'spinach', 'palak', 'brinjal', 'brinjals', 'okra', 'bhindi', 'aloo', 'pyaz', 'pyaaz', 'tamatar', 'gajar', 'gobhi', 'gobi',
  'kela', 'kele', 'aam', 'seb', 'santra', 'lauki', 'cucumber', 'cucumbers', 'kheera', 'peas', 'matar', 'beans', 'greens',
  'methi', 'coriander', 'dhania', 'lemon', 'lemons', 'nimbu', 'ginger', 'garlic', 'chilli', 'chillies', 'pumpkin', 'radish',
  'mooli', 'beetroot', 'फल', 'सब्ज़ी', 'सब्जी', 'सब्ज़ियाँ', 'सब्जियां', 'सब्जियाँ', 'केला', 'केले', 'आम', 'सेब', 'संतरा', 'संतरे',
  'अंगूर', 'पपीता', 'अमरूद', 'तरबूज', 'टमाटर', 'आलू', 'प्याज', 'प्याज़', 'गाजर', 'गोभी', 'पालक', 'भिंडी', 'बैंगन', 'लौकी', 'खीरा',
  'मटर', 'मेथी', 'धनिया', 'नींबू', 'अदरक', 'लहसुन', 'मिर्च', 'कद्दू', 'मूली',
]);

// Cooked food by what it mostly is (issue 29: one pot on every card told the cards apart by
// name alone): rice dishes, breads, sweets; anything else (dal, sabzi, curry, a thali) the pot.
const RICE_WORDS = new Set([
  'rice', 'biryani', 'biriyani', 'pulao', 'pulav', 'khichdi', 'khichri', 'chawal', 'bhaat', 'bhat',
  'बिरयानी', 'पुलाव', 'खिचड़ी', 'चावल', 'भात',
]);
const BREAD_WORDS = new Set([
  'roti', 'rotis', 'chapati', 'chapatis', 'chapathi', 'phulka', 'phulkas', 'paratha', 'parathas', 'naan', 'naans', 'puri', 'puris',
  'poori', 'pooris', 'bhakri', 'thepla', 'theplas', 'kulcha', 'bread', 'breads', 'pav', 'रोटी', 'रोटियाँ', 'चपाती', 'पराठा', 'पराठे',
  'नान', 'पूरी', 'पूड़ी', 'थेपला',
]);
const SWEET_WORDS = new Set([
  'sweet', 'sweets', 'mithai', 'laddoo', 'laddoos', 'ladoo', 'ladoos', 'laddu', 'laddus', 'halwa', 'kheer', 'payasam', 'jalebi',
  'jalebis', 'barfi', 'burfi', 'rasgulla', 'rasgullas', 'gulab', 'cake', 'cakes', 'dessert', 'मिठाई', 'लड्डू', 'हलवा', 'खीर',
  'जलेबी', 'बर्फी', 'रसगुल्ला',
]);

/**
 * Which drawing stands for a donation without a photo. Cooked food is a rice dish, breads, sweets
 * or the pot, by the words of its name (sweets, then breads, then rice: "rice kheer" is a sweet);
 * raw food is fruit and vegetables or packaged when its name says so, raw staples otherwise.
 */
export function foodIllustrationFor(donation: { foodType: FoodType; foodName: string }): FoodIllustration {
  const words = donation.foodName.toLocaleLowerCase('en-IN').match(/[\p{L}\p{M}]+/gu) ?? [];
  if (donation.foodType === 'PRECOOKED') {
    if (words.some((word) => SWEET_WORDS.has(word))) return FoodIllustration.SWEETS;
    if (words.some((word) => BREAD_WORDS.has(word))) return FoodIllustration.BREADS;
    if (words.some((word) => RICE_WORDS.has(word))) return FoodIllustration.RICE;
    return FoodIllustration.COOKED;
  }
  if (words.some((word) => PACKAGED_WORDS.has(word))) return FoodIllustration.PACKAGED;
  if (words.some((word) => FRUIT_VEG_WORDS.has(word))) return FoodIllustration.FRUIT_VEG;
  return FoodIllustration.RAW;
}
