import fs from 'node:fs';
import type { Tx } from '../client.ts';
import { galleryItems, promotions } from '../schema/index.ts';
import type { FileStore } from '../../lib/files/file-store.ts';
import { storeFile } from '../../lib/stored-files.ts';
import { DEMO_IMAGES, demoImagePath } from './demo-images.ts';
import { daysAgo, isoDate } from './demo-data.ts';

export async function seedContent(tx: Tx, files: FileStore, companyId: number, branchId: number) {
  const names: string[] = [];
  const scratch = await files.scratch();
  try {
    for (const image of DEMO_IMAGES) {
      // The store takes its own copy: the shipped file stays where it is.
      const source = scratch.path(`${image}.jpg`);
      await fs.promises.copyFile(demoImagePath(image), source);
      names.push(
        await storeFile(
          tx,
          files,
          {
            companyId,
            kind: 'image',
            contentType: 'image/jpeg',
            extension: 'jpg',
            temporary: false,
          },
          source,
        ),
      );
    }
  } finally {
    await scratch.remove();
  }
  const today = new Date();
  await tx.insert(promotions).values([
    {
      companyId,
      branchId,
      title: 'Winter sale: 30 % off coats',
      description:
        'All wool and cashmere coats are 30 % off until the end of the month, and you still get your VAT back at the border.',
      image: names[0],
      startDate: isoDate(daysAgo(5)),
      endDate: isoDate(daysAgo(-25)),
      notificationSchedule: `${isoDate(daysAgo(-1))} 09:30:00`,
      shoppingBehavior: 'fashion,luxury',
      targetedNationality: 'USA,CAN,GBR',
    },
    {
      companyId,
      branchId,
      title: 'Tax free made simple',
      description:
        'Show your passport at the till and we fill in the PDV-P form for you in two minutes.',
      image: names[1],
      startDate: isoDate(daysAgo(30)),
      endDate: isoDate(daysAgo(-60)),
      notificationSchedule: `${isoDate(today)} 10:00:00`,
      shoppingBehavior: 'fashion,souvenirs,families',
      targetedNationality: 'BIH,SRB,MNE,TUR',
    },
    {
      companyId,
      branchId,
      title: 'New season collection',
      description: 'Spring colours have arrived: linen, silk and light leather.',
      image: names[2],
      startDate: isoDate(daysAgo(-10)),
      endDate: isoDate(daysAgo(-70)),
      notificationSchedule: `${isoDate(daysAgo(-10))} 08:00:00`,
      shoppingBehavior: 'fashion',
      targetedNationality: 'CHN,JPN,KOR',
    },
  ]);
  await tx.insert(galleryItems).values([
    {
      companyId,
      branchId,
      title: 'Our shop on Ilica',
      description: 'Two floors of fashion a few steps from Ban Jelačić Square.',
      image: names[3],
      startDate: isoDate(daysAgo(90)),
      endDate: isoDate(daysAgo(-275)),
    },
    {
      companyId,
      branchId,
      title: 'Leather goods',
      description: null,
      image: names[4],
      startDate: isoDate(daysAgo(20)),
      endDate: isoDate(daysAgo(-100)),
    },
    {
      companyId,
      branchId,
      title: 'Gift wrapping',
      description: 'Free gift wrapping for every purchase over 100 EUR.',
      image: names[5],
      startDate: isoDate(daysAgo(10)),
      endDate: isoDate(daysAgo(-50)),
    },
  ]);
}
