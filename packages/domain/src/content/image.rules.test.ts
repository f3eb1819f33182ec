import { describe, expect, it } from 'vitest';
import { galleryInputSchema } from '../gallery/gallery.schema.ts';
import { profileInputSchema } from '../profile/profile.schema.ts';
import { isDummyImage, isStoredImageName, storedImagePath } from './image.rules.ts';
import { joinList, splitList } from './fields.rules.ts';

const image = `${'ab'.repeat(16)}.png`;

describe('pictures', () => {
  it('tells placeholders from uploads', () => {
    expect(isDummyImage('gallery_dummy.jpg')).toBe(true);
    expect(isDummyImage('http://x/images/logo_dummy.jpg?v=2')).toBe(true);
    expect(isDummyImage(null)).toBe(true);
    expect(isDummyImage(image)).toBe(false);
    expect(isStoredImageName(image)).toBe(true);
    expect(isStoredImageName('photo.png')).toBe(false);
  });

  it('builds the storage path from account number, company and ushop', () => {
    expect(storedImagePath('100100', 7, image)).toBe(`/uploads/100100/7/ushop/${image}`);
  });

  it('keeps comma-joined lists tidy', () => {
    expect(splitList(' a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(joinList(['a', 'b', 'a', ' '])).toBe('a,b');
  });
});

describe('the gallery panel', () => {
  it('requires a title and an image that is not the placeholder', () => {
    const result = galleryInputSchema.safeParse({ title: '', image: 'gallery_dummy.jpg' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'titleRequired'],
      ['image', 'required'],
    ]);
    expect(galleryInputSchema.parse({ title: 'Window', image, description: '' })).toEqual({
      title: 'Window',
      image,
      description: null,
      start_date: null,
      end_date: null,
    });
  });
});

describe('the profile tab', () => {
  it('requires name, a valid e-mail and mobile; the default avatar means no picture', () => {
    const result = profileInputSchema.safeParse({ name: '', email: 'x@', mobile: ' ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'nameRequired'],
      ['email', 'emailInvalid'],
      ['mobile', 'mobileRequired'],
    ]);
    expect(
      profileInputSchema.parse({
        name: 'Ana',
        email: 'ana@shop.example',
        mobile: '+385 91 234 5678',
        image: 'default-avatar.svg',
        thumb: '1',
      }),
    ).toMatchObject({ image: null, country: null, thumb: 1 });
  });
});
