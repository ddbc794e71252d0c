// Sala de estar: porcelain floor, a grey sofa facing the camera, a wide window to the balcony.
#declare Interior = yes;
#include "common.inc"
#include "room.inc"

camera { perspective location <-2.05, 1.3, 0.35> look_at <0.5, 1.3, 4.6> angle 72 right x * 4/3 }
Sky(2.0)
Sun(<-0.5, 0.75, 1>, 2.4)
Fill(<-2.05, 1.3, 0.35>, <0.3, 1.6, 2.5>, 0.8)

#declare W = 5.2; #declare D = 6.2; #declare H = 2.7;
Room(W, D, H, <0.93, 0.91, 0.87>, T_Porcelain(<0.82, 0.8, 0.76>, 0.9))
// wide window on the back wall, out to the varanda
WindowBack(W, D, -1.2, 1.9, 0.0, 2.3)
Outside(D)
CloseRoom()

object { Sofa(2.4, <0.32, 0.31, 0.29>) translate <0.3, 0, 3.6> }
object { Cushion(<0.75, 0.45, 0.25>, 0.42) rotate <-12, 0, 0> translate <-0.45, 0.72, 4.2> }
object { Cushion(<0.9, 0.88, 0.82>, 0.42) rotate <-12, 10, 0> translate <0.95, 0.72, 4.2> }
object { Rug(2.6, 1.9, <0.82, 0.78, 0.7>, <0.7, 0.66, 0.6>) translate <0.3, 0, 2.9> }
// coffee table: wood top on black legs
union {
  object { RBox(<-0.6, 0.36, -0.35>, <0.6, 0.4, 0.35>, 0.01) T_Wood(<0.55, 0.37, 0.22>, <0.4, 0.25, 0.14>) }
  #for (I, 0, 3) cylinder { <(mod(I, 2) - 0.5) * 1.05, 0, (div(I, 2) - 0.5) * 0.55>, <(mod(I, 2) - 0.5) * 1.05, 0.36, (div(I, 2) - 0.5) * 0.55>, 0.015 texture { T_Black } } #end
  translate <0.3, 0, 2.75>
}
object { Plant(1.5, <0.85, 0.84, 0.8>) translate <2.05, 0, 5.4> }
object { Lamp(1.55) translate <-1.35, 0, 3.7> }
object { Frame(1.1, 0.8, <0.3, 0.45, 0.5>, <0.85, 0.7, 0.5>) rotate y * 90 translate <W/2 - 0.035, 1.55, 3.2> }
// sideboard on the right wall with a vase
union {
  object { RBox(<-0.9, 0.15, -0.22>, <0.9, 0.7, 0.22>, 0.01) T_Wood(<0.6, 0.42, 0.27>, <0.45, 0.3, 0.18>) rotate y * 90 }
  cylinder { <0, 0.7, 0.4>, <0, 0.98, 0.4>, 0.07 material { M_Glass } }
  box { <-0.2, 0, -0.85>, <0.2, 0.15, 0.85> texture { T_Black } }
  translate <W/2 - 0.25, 0, 3.2>
}
