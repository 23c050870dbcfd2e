import { TERMS_EFFECTIVE_DATE } from '#shared/constants.ts';

/** '2025-03-07' -> '7 mas 2025', without depending on the device's locale data (which has no Haitian Creole). */
function creoleDate(iso: string): string {
  const months = [
    'janvye',
    'fevriye',
    'mas',
    'avril',
    'me',
    'jen',
    'jiyè',
    'out',
    'septanm',
    'oktòb',
    'novanm',
    'desanm',
  ];
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${months[(month ?? 1) - 1]} ${year}`;
}

/** The terms for a contact who reads Haitian Creole: the same terms, written for that reader. */
export function TermsTextHt() {
  return (
    <>
      <p className="muted">Kondisyon sa yo aplike depi {creoleDate(TERMS_EFFECTIVE_DATE)}.</p>

      <h3>1. Pou kisa sèvis sa a ye</h3>
      <p>
        Botón de Pánico Migratorio (Bouton Panik Imigrasyon) se yon aplikasyon biwo sèvis imigrasyon nou an ofri pou
        moun ka avèti moun yo fè konfyans byen vit lè yo an danje, pa egzanp pandan yon operasyon imigrasyon oswa yon
        arestasyon. Li pa ranplase sèvis ijans (911) ni konsèy yon avoka.
      </p>

      <h3>2. Kijan yon alèt mache</h3>
      <p>
        Lè yon moun peze bouton SOS la, aplikasyon an voye bay sèvè nou an lè a, zòn lè li ye a e, si moun nan otorize
        l, kote li ye. Apre sa, sèvè a voye yon imèl bay chak kontak ijans ki konfime. Moun nan ka fini alèt la nenpòt
        lè ak bouton «FINALIZAR ALERTA» (fini alèt la).
      </p>

      <h3>3. Kontak ijans</h3>
      <p>
        Yon moun ka mete otan kontak li vle. Chak kontak resevwa yon imèl, e li dwe konfime l epi aksepte kondisyon sa
        yo anvan li resevwa okenn alèt. Yon kontak ka sispann resevwa imèl nenpòt lè ak lyen ki nan chak imèl. Lè yon
        moun mete yon kontak, li konfime kontak la ba l pèmisyon pou l pataje non l, imèl li ak nimewo telefòn li avèk
        nou.
      </p>

      <h3>4. Enfòmasyon pèsonèl ak kote w ye</h3>
      <p>
        Nou kenbe non, imèl, nimewo telefòn, kontak ak alèt ki voye yo, sèlman pou nou bay sèvis sa a. Nou pataje kote
        yon moun ye sèlman lè li peze bouton SOS la, e sèlman ak kontak ki konfime yo. Nou pa vann enfòmasyon pèsonn, ni
        nou pa bay otorite imigrasyon yo l, sòf si yon tribinal bay lòd. Sou telefòn nan, sesyon an sere ak chifreman.
        Nenpòt moun ka korije enfòmasyon li nan pwofil li oswa mande nou efase kont li ak tout enfòmasyon li.
      </p>

      <h3>5. Nou pa ka garanti tout alèt rive</h3>
      <p>
        Nou fè tout sa nou kapab pou chak alèt rive: si telefòn nan pa gen siyal, aplikasyon an kenbe alèt la epi li
        voye l depi koneksyon an tounen. Malgre sa, nou pa ka garanti alèt la ap rive lè rezo telefòn, entènèt, sèvè
        imèl oswa telefòn nan menm an pann (pa egzanp, batri a fini). Se poutèt sa nou rekòmande pou nou dakò davans sou
        sa pou fè si yon alèt rive.
      </p>

      <h3>6. Itilize l ak responsablite</h3>
      <p>
        Bouton SOS la se pou vrè ijans sèlman. Pa itilize sèvis la pou anmède oswa twonpe pèsonn. Nou ka sispann kont
        moun ki itilize l mal.
      </p>

      <h3>7. Chanjman nan kondisyon sa yo</h3>
      <p>
        Si nou chanje kondisyon sa yo, n ap mete yon avi nan aplikasyon an. Si w kontinye itilize l apre avi sa a, sa
        vle di ou aksepte nouvo kondisyon yo.
      </p>
    </>
  );
}
